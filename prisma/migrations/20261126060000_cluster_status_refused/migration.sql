-- AlterEnum
ALTER TYPE "ClusterStatus" ADD VALUE 'refused';

-- AlterTable
ALTER TABLE "Cluster" ADD COLUMN     "prometheusUrl" TEXT;

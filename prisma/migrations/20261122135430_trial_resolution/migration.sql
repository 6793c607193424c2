-- AlterTable
ALTER TABLE "Trial" ADD COLUMN     "resolutionSeconds" DOUBLE PRECISION;

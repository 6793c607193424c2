-- AlterTable
ALTER TABLE "Trial" ADD COLUMN     "pathCheck" JSONB;

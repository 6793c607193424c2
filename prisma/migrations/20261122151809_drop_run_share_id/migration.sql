-- DropIndex
DROP INDEX "Run_shareId_key";

-- AlterTable
ALTER TABLE "Run" DROP COLUMN "shareId";

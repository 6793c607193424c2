import { createTRPCRouter } from "../../trpc";
import { createSchedule } from "./create-schedule";
import { deleteSchedule } from "./delete-schedule";
import { listSchedules } from "./list-schedules";
import { previewSchedule } from "./preview-schedule";
import { updateSchedule } from "./update-schedule";

export const schedulesRouter = createTRPCRouter({
  list: listSchedules,
  preview: previewSchedule,
  create: createSchedule,
  update: updateSchedule,
  delete: deleteSchedule,
});

// Loaded into the web server with --import when BENCH_CPU_PROF is set (Node strips the types):
// profiles the whole process and writes <dir>/server-<pid>.cpuprofile on SIGUSR2, which the bench
// sends before stopping the server (Next replaces SIGTERM handlers, so that one cannot be used).
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";

const session = new Session();
session.connect();
session.post("Profiler.enable");
session.post("Profiler.setSamplingInterval", { interval: 500 });
session.post("Profiler.start");
process.on("SIGUSR2", () => {
  session.post("Profiler.stop", (error, result) => {
    if (!error)
      writeFileSync(
        `${process.env.BENCH_CPU_PROF}/server-${process.pid}.cpuprofile`,
        JSON.stringify(result.profile),
      );
  });
});

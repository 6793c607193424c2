// Loaded into the web server with --import when BENCH_CPU_PROF is set: profiles the whole process
// and writes <dir>/server-<pid>.cpuprofile when the bench stops it (SIGTERM); a diagnostic, so it
// takes over SIGTERM (Next's own handler would exit before the profile is written).
import { Session } from "node:inspector";
import { writeFileSync } from "node:fs";
const session = new Session();
session.connect();
session.post("Profiler.enable");
session.post("Profiler.setSamplingInterval", { interval: 500 });
session.post("Profiler.start");
const stop = () => {
  process.removeAllListeners("SIGTERM");
  session.post("Profiler.stop", (error, result) => {
    if (!error) writeFileSync(`${process.env.BENCH_CPU_PROF}/server-${process.pid}.cpuprofile`, JSON.stringify(result.profile));
    process.exit(0);
  });
};
process.prependListener("SIGTERM", stop);

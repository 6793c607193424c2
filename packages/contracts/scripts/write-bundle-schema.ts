import { writeFileSync } from "node:fs";
import path from "node:path";
import { BUNDLE_SCHEMA_PATH, bundleJsonSchema } from "../src/bundle-schema";

const file = path.resolve(import.meta.dirname, "../../..", BUNDLE_SCHEMA_PATH);
writeFileSync(file, `${JSON.stringify(bundleJsonSchema(), null, 2)}\n`);
console.log(`wrote ${BUNDLE_SCHEMA_PATH}`);

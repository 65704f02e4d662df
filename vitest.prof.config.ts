import base from "./vitest.config";
const cfg: any = base;
for (const p of cfg.test.projects) p.test.execArgv = ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"];
export default cfg;

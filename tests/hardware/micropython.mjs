// Runs a Python script under MicroPython's WebAssembly port (npm @micropython/micropython-webassembly-pyscript).
//   node micropython.mjs PACKAGE_DIR SCRIPT [FILE...] -- [ARG...]
// Each FILE is copied into MicroPython's own file system under /run (the script and the modules it
// imports); SCRIPT runs with sys.argv = ["SCRIPT", "/run", ARG...]. Its output goes to stdout; a Python
// error goes to stderr and exits 1.
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";

const [packageDir, script, ...rest] = process.argv.slice(2);
const split = rest.indexOf("--");
const files = split < 0 ? rest : rest.slice(0, split);
const args = split < 0 ? [] : rest.slice(split + 1);
const { loadMicroPython } = await import(pathToFileURL(join(packageDir, "micropython.mjs")).href);

const out = [];
const mp = await loadMicroPython({
    heapsize: 4 * 1024 * 1024,
    stdout: (bytes) => out.push(Buffer.from(bytes)),
    stderr: (bytes) => process.stderr.write(Buffer.from(bytes)),
    linebuffer: false,
});
mp.FS.mkdir("/run");
for (const file of [script, ...files]) {
    mp.FS.writeFile("/run/" + basename(file), readFileSync(file));
}
const argv = JSON.stringify([basename(script), "/run", ...args]);
try {
    mp.runPython("import sys\nfor a in " + argv + ":\n    sys.argv.append(a)\n");
    mp.runPython(readFileSync(script, "utf8"));
} catch (error) {
    process.stdout.write(Buffer.concat(out));
    process.stderr.write(String(error.message ?? error) + "\n");
    process.exit(1);
}
process.stdout.write(Buffer.concat(out));

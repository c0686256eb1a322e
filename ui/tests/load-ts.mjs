// Load one TypeScript module of src/ in Node for a unit test: transpiled by the TypeScript
// compiler (types erased, nothing checked: svelte-check and the build do that), then imported.
// The module must import nothing at run time (type imports are erased).

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import ts from "typescript";

export async function loadTs(path) {
  const source = await readFile(join(import.meta.dirname, "..", path), "utf8");
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
  });
  return import(`data:text/javascript;base64,${Buffer.from(outputText).toString("base64")}`);
}

import { createHash } from 'node:crypto';
import ts from 'typescript';

/** Parsed files kept across builds: the default libraries alone take most of a build to parse. */
const sourceFiles = new Map<string, { text: string; key: string; file: ts.SourceFile }>();

function getSourceFile(fileName: string, languageVersionOrOptions: ts.ScriptTarget | ts.CreateSourceFileOptions): ts.SourceFile | undefined {
  const text = ts.sys.readFile(fileName);
  if (text === undefined) return undefined;
  const key = JSON.stringify(languageVersionOrOptions);
  const cached = sourceFiles.get(fileName);
  if (cached && cached.text === text && cached.key === key) return cached.file;
  const file = ts.createSourceFile(fileName, text, languageVersionOrOptions);
  // A builder program tells files apart by version, as a watch program would set it.
  (file as ts.SourceFile & { version: string }).version = createHash('sha1').update(text).digest('hex');
  sourceFiles.set(fileName, { text, key, file });
  return file;
}

/**
 * TypeScript as @rollup/plugin-typescript is given it, with one difference: the program of
 * a build is created once, from source files shared with earlier builds (as a language
 * service's document registry shares them), instead of by a file-watching program that
 * parses every library again. Type-checking, emit and diagnostics are TypeScript's own.
 */
export const typescriptWithSharedFiles = Object.defineProperty(Object.create(ts) as typeof ts, 'createWatchProgram', {
  value(host: ts.WatchCompilerHostOfFilesAndCompilerOptions<ts.EmitAndSemanticDiagnosticsBuilderProgram>) {
    const compilerHost = ts.createCompilerHost(host.options);
    compilerHost.getSourceFile = getSourceFile;
    if (host.resolveModuleNames) compilerHost.resolveModuleNames = host.resolveModuleNames.bind(host);
    const builder = host.createProgram(host.rootFiles, host.options, compilerHost, undefined, undefined, host.projectReferences);
    host.afterProgramCreate?.(builder);
    return {
      getProgram: () => builder,
      getCurrentProgram: () => builder,
      close() {},
      updateRootFileNames() {},
    };
  },
});

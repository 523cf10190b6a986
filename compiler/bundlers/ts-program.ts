import { createRequire } from 'node:module';
import type TypeScript from 'typescript';
import { fileStamp } from '../stamp.js';
import { reachableFiles } from './ts-reach.js';

// Required as CommonJS: imported from an ES module, Node first scans all 9 MB of it for export names.
const ts: typeof TypeScript = createRequire(import.meta.url)('typescript');

/**
 * Parsed files kept across builds and programs, as a language service's document registry
 * keeps them: the default libraries alone take most of a cold build to parse. A file whose
 * stat is unchanged (and not racily new) is not read again.
 */
const sourceFiles = new Map<string, { stamp: string; key: string; file: TypeScript.SourceFile }>();

function getSourceFile(fileName: string, languageVersionOrOptions: TypeScript.ScriptTarget | TypeScript.CreateSourceFileOptions): TypeScript.SourceFile | undefined {
  const key = JSON.stringify(languageVersionOrOptions);
  const { stamp, racy } = fileStamp(fileName);
  const cached = sourceFiles.get(fileName);
  if (cached && cached.key === key && cached.stamp === stamp && !racy) return cached.file;
  const text = ts.sys.readFile(fileName);
  if (text === undefined) return undefined;
  if (cached && cached.file.text === text && cached.key === key) {
    cached.stamp = stamp;
    return cached.file;
  }
  const file = ts.createSourceFile(fileName, text, languageVersionOrOptions);
  sourceFiles.set(fileName, { stamp, key, file });
  return file;
}

/**
 * One program per set of compiler options, over every TypeScript module of the workspace. A
 * plain program, not a builder: it only emits (TypeScript 7 checks), and a builder would
 * type-check each edited file to learn what the edit affects.
 */
interface SharedProgram {
  roots: Set<string>;
  host: TypeScript.CompilerHost;
  program?: TypeScript.Program;
  /** The discovery the program was made for: a new one may resolve imports differently. */
  workspace?: object;
}

const programs = new Map<string, SharedProgram>();
/** Options change only when the workspace's modules or tsconfig do; the previous program is kept for a build in flight. */
const KEPT_PROGRAMS = 2;

function sharedProgram(options: TypeScript.CompilerOptions): SharedProgram {
  const key = JSON.stringify(options);
  let shared = programs.get(key);
  if (shared) programs.delete(key);
  else {
    const host = ts.createCompilerHost(options);
    host.getSourceFile = getSourceFile;
    shared = { roots: new Set(), host };
  }
  programs.set(key, shared);
  for (const old of [...programs.keys()].slice(0, -KEPT_PROGRAMS)) programs.delete(old);
  return shared;
}

/**
 * True when a file this build reaches has other content now (a stat decides, or the text
 * when the stat changed). Only those: the emit of one module reads nothing else, and stat'ing
 * every file of the program on every build grows with the square of the workspace.
 */
function changedSince(program: TypeScript.Program, rootFiles: readonly string[]): boolean {
  for (const name of reachableFiles(program, rootFiles)) {
    const file = program.getSourceFile(name);
    if (!file) return true;
    const cached = sourceFiles.get(file.fileName);
    if (cached?.file !== file) return true;
    const { stamp, racy } = fileStamp(file.fileName);
    if (stamp === cached.stamp && !racy) continue;
    if (ts.sys.readFile(file.fileName) !== file.text) return true;
    cached.stamp = stamp;
  }
  return false;
}

/** What one module's build is given: TypeScript for @rollup/plugin-typescript, and emit on demand. */
export interface TypeScriptSession {
  typescript: typeof TypeScript;
  /** Emits one source file for the plugin to load; rollup asks only for the files it bundles. */
  emit(fileName: string): void;
  /** Every file the module reaches besides TypeScript's libraries: type imports of other modules too. */
  readonly checked: readonly string[];
}

/**
 * TypeScript as @rollup/plugin-typescript is given it for one module's build. Instead of a
 * file-watching program of its own, the build uses one program shared by every module
 * compiled with the same options, rooted at all of the workspace's TypeScript modules
 * (`roots`, as an editor sees the workspace). It is made again, reusing every unchanged
 * file, only when a file the module reaches changed or the workspace was discovered anew.
 * `checked` is what the module reaches, and its own files (`owns`) among them are what the
 * plugin asks diagnostics of; `onProgram` is called once `checked` is known, before anything
 * is emitted, so TypeScript 7 can check while this process emits.
 */
export function typeScriptSession(workspace: object, roots: readonly string[], owns: (fileName: string) => boolean, onProgram?: () => void): TypeScriptSession {
  let facade: TypeScript.Program | undefined;
  let checked: string[] = [];
  const typescript = Object.defineProperty(Object.create(ts) as typeof TypeScript, 'createWatchProgram', {
    value(host: TypeScript.WatchCompilerHostOfFilesAndCompilerOptions<TypeScript.EmitAndSemanticDiagnosticsBuilderProgram>) {
      const { configFilePath: _, ...configured } = host.options;
      const wanted = [...host.rootFiles, ...roots];
      const current = (options: TypeScript.CompilerOptions) => {
        const shared = sharedProgram(options);
        let program = shared.program;
        if (!program || shared.workspace !== workspace || wanted.some((root) => !shared.roots.has(root)) || changedSince(program, host.rootFiles)) {
          for (const root of wanted) shared.roots.add(root);
          program = ts.createProgram({ rootNames: [...shared.roots], options, host: shared.host, oldProgram: shared.program, projectReferences: host.projectReferences });
          shared.program = program;
          shared.workspace = workspace;
        }
        return program;
      };
      let program = current(emitOnly(configured));
      // A const enum is inlined across files only outside isolated modules: that program after all.
      if (!constEnumsSeen && program.getSourceFiles().some((file) => file.text.includes('const enum'))) {
        constEnumsSeen = true;
        program = current(emitOnly(configured));
      }
      checked = reachableFiles(program, host.rootFiles);
      onProgram?.();
      const view = moduleView(program, checked.filter(owns).flatMap((name) => program.getSourceFile(name) ?? []));
      facade = view;
      host.afterProgramCreate?.(view as unknown as TypeScript.EmitAndSemanticDiagnosticsBuilderProgram);
      return { getProgram: () => view, getCurrentProgram: () => view, close() {}, updateRootFileNames() {} };
    },
  });
  return {
    typescript,
    get checked() {
      return checked;
    },
    emit(fileName) {
      const file = facade?.getSourceFile(fileName);
      if (file && !file.isDeclarationFile) facade!.emit(file);
    },
  };
}

/**
 * The program only emits (TypeScript 7 checks): without TypeScript's libraries and the
 * automatic `@types` it parses a fraction of the files, and the emit is the same. Decorator
 * metadata is the exception: it writes the types it finds, so it keeps them all.
 */
function emitOnly(options: TypeScript.CompilerOptions): TypeScript.CompilerOptions {
  if (options.emitDecoratorMetadata) return options;
  return { ...options, noLib: true, types: [], ...(constEnumsSeen ? {} : { isolatedModules: true }) };
}

/**
 * Until a program shows a `const enum`, modules are emitted as isolated modules: the emit is
 * the same without one, and TypeScript then skips checking every property access for a
 * const enum value to inline (most of a cold emit's time).
 */
let constEnumsSeen = false;

/**
 * The shared program as the plugin's watch host sees it for one module: diagnostics of the
 * module's own files only, and no emit until rollup loads a file (see `emit` above).
 */
function moduleView(program: TypeScript.Program, own: readonly TypeScript.SourceFile[]): TypeScript.Program {
  const each = (get: (file: TypeScript.SourceFile) => readonly TypeScript.Diagnostic[]) => (file?: TypeScript.SourceFile) => (file ? get(file) : own.flatMap(get));
  return Object.assign(Object.create(program) as TypeScript.Program, {
    getProgram: () => program,
    getSyntacticDiagnostics: each((file) => program.getSyntacticDiagnostics(file)),
    getSemanticDiagnostics: each((file) => program.getSemanticDiagnostics(file)),
    getDeclarationDiagnostics: () => [],
    getSourceFiles: () => own,
    emit(file?: TypeScript.SourceFile, writeFile?: TypeScript.WriteFileCallback, token?: TypeScript.CancellationToken, dtsOnly?: boolean, transformers?: TypeScript.CustomTransformers): TypeScript.EmitResult {
      if (!file) return { emitSkipped: false, diagnostics: [] };
      return program.emit(file, writeFile, token, dtsOnly, transformers);
    },
  });
}

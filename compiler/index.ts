// The compiler's public surface: discovery, compilation, addresses and the static emit.
export { parseAddress, formatAddress, assetAddressFromModule, type Address, type Family } from './address.js';
export { mediaTypeOf } from './assets.js';
export { ArtifactCache, sha256 } from './cache.js';
export { Compiler, judgedOptions, type ModuleBuild } from './compile.js';
export { DiskStore } from './disk-cache.js';
export { createWorkspace } from './create.js';
export { STATUS_BY_CODE, formatDiagnostic, type Diagnostic, type ErrorCode } from './diagnostics.js';
export { writeDistribution, type Progress } from './distribution.js';
export { moduleUrl, stylesUrl, emittedModuleFile, type ImportMap } from './importmap.js';
export { parseOptions, formatOptions, DEVELOPMENT, PRODUCTION, type CompileOptions } from './options.js';
export { KIT, KIT_HOME } from './version.js';
export { WorkspaceLoader, loadWorkspace, findWorkspaceRoot } from './workspace/discover.js';
export { findModule, findPackage, type ModuleInfo, type PackageInfo, type Workspace } from './workspace/model.js';
export { packageNameOf } from './workspace/dependencies.js';
export { resolveExternalVersion } from './workspace/external.js';
export { readSelection, resetSelection, selectionStamp, writeSelection, type Selection } from './workspace/selection.js';
export { compileInstalled, findInstalled, installedSpecifier, PACKAGE_ROOT_SUBPATH, type InstalledBuild, type InstalledPackage } from './installed.js';
export { checkOutputDirectory, EMIT_MARKER } from './output-directory.js';

import { setResponseHeader, type H3Event } from 'h3';
import type { BuildTiming } from '../compiler/index.js';

/** The phases of a build, in the order they are listed. */
const PHASES = ['check', 'transform', 'bundle', 'styles'];

/**
 * `Server-Timing` of an artifact answer (shown by the browser's network panel): the time of
 * each phase a build spent for it, and where the answer came from (`cache;desc="memory"`,
 * `"disk"`, or `"miss"` when it was built for this request).
 */
export function setServerTiming(event: H3Event, timing: BuildTiming | undefined): void {
  if (!timing) return;
  const phases = PHASES.filter((name) => timing.phases[name] !== undefined).map((name) => `${name};dur=${timing.phases[name].toFixed(1)}`);
  setResponseHeader(event, 'Server-Timing', [...phases, `cache;desc="${timing.cache}"`].join(', '));
}

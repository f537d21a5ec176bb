// The renderer port and its LibreOffice adapter. Callers (audit --render, evaluate, judges) use
// createLibreOfficeRenderer() and the Renderer interface; the rest is exported for tests and tools.
export * from './renderer.ts';
export * from './libreoffice-renderer.ts';
export {
  assertValidJobIds,
  assignOutputNames,
  JOB_ID_PATTERN,
  safeInputName,
} from './job-names.ts';
export {
  DEFAULT_DECK_LIMITS,
  DeckRefusedError,
  NEUTRAL_TARGET,
  countZipEntries,
  neutraliseRelationships,
  sanitizeDeck,
} from './sanitize-deck.ts';
export type { DeckLimits, NeutralisedLink, SanitizedDeck } from './sanitize-deck.ts';
export { buildBwrapArgs, probeBubblewrap } from './bubblewrap.ts';
export type { SandboxDecision, SandboxMode, SandboxRequest } from './bubblewrap.ts';
export { buildSofficeEnv, SOFFICE_ENV_KEYS } from './soffice-env.ts';
export { effectiveDpi, parsePdfInfo, readPngSize } from './pdf-to-png.ts';

/** A fixed search path: never the parent's PATH, which may point at a user's own tools. */
export const SANDBOX_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** The only variables a LibreOffice (or poppler) child process ever sees. */
export const SOFFICE_ENV_KEYS = [
  'PATH',
  'HOME',
  'TMPDIR',
  'LANG',
  'LC_ALL',
  'SAL_USE_VCLPLUGIN',
] as const;

/**
 * Builds the environment of a LibreOffice child FROM SCRATCH. Nothing is copied from the parent
 * process: API keys, tokens, proxy settings (`http_proxy` would let soffice reach out) and the
 * user's HOME stay out. HOME and TMPDIR point into the worker's private folder, so the profile's
 * side files and LibreOffice's temp files are removed with it. `svp` is the headless VCL plug-in
 * (no X/Wayland connection is attempted); a fixed UTF-8 C locale keeps rendering identical across
 * machines.
 */
export function buildSofficeEnv(dirs: { home: string; tmp: string }): Record<string, string> {
  return {
    PATH: SANDBOX_PATH,
    HOME: dirs.home,
    TMPDIR: dirs.tmp,
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    SAL_USE_VCLPLUGIN: 'svp',
  };
}

// Number formatting shared by the pages and the CSV files' display columns. Every function takes
// null (a statistic that does not exist, e.g. a duration Codex logs never record) and shows "—".

export const DASH = '—';

/** Fixed decimals, or "—" for null / non-finite. */
export function num(x: number | null | undefined, digits = 1): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return DASH;
  const s = x.toFixed(digits);
  return s === `-${(0).toFixed(digits)}` ? (0).toFixed(digits) : s;
}

/** A signed delta: "+3.2", "−2.2" (true minus sign), "0.0". */
export function signed(x: number | null | undefined, digits = 1): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return DASH;
  const s = num(Math.abs(x), digits);
  if (Number(s) === 0) return s;
  return x > 0 ? `+${s}` : `−${s}`;
}

/** A share in [0,1] as a percentage: 0.414 → "41.4%". */
export function share(x: number | null | undefined, digits = 1): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return DASH;
  return `${num(x * 100, digits)}%`;
}

/** A value already in percent: 12.5 → "12.5%". */
export function percent(x: number | null | undefined, digits = 1): string {
  return x === null || x === undefined || !Number.isFinite(x) ? DASH : `${num(x, digits)}%`;
}

/** A 95% interval: "[64.2, 77.6]". */
export function interval(ci: readonly [number, number] | null | undefined, digits = 1): string {
  return ci ? `[${num(ci[0], digits)}, ${num(ci[1], digits)}]` : DASH;
}

/** US dollars: "$1.23" (four decimals below one cent). */
export function usd(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return DASH;
  return `$${x < 0.01 && x > 0 ? x.toFixed(4) : x.toFixed(2)}`;
}

/** A signed change in US dollars: "+$0.89", "−$2.20" (true minus sign), "$0.00". */
export function signedUsd(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return DASH;
  const s = usd(Math.abs(x));
  if (Number(s.slice(1)) === 0) return s;
  return x > 0 ? `+${s}` : `−${s}`;
}

/** A share interval in [0,1] as percentages: [0.707, 0.741] → "[70.7%, 74.1%]". */
export function shareInterval(
  ci: readonly [number, number] | null | undefined,
  digits = 1,
): string {
  return ci ? `[${share(ci[0], digits)}, ${share(ci[1], digits)}]` : DASH;
}

/** An integer with thousands separators: 12345 → "12,345". */
export function int(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return DASH;
  return Math.round(x).toLocaleString('en-US');
}

/** A correlation or coefficient with three decimals. */
export function coef(x: number | null | undefined): string {
  return num(x, 3);
}

/**
 * A judge's recorded settings in words: "server vllm · thinking off · temperature 0.2"; null
 * settings are not sent and are left out; the model is named elsewhere.
 */
export function judgeSettingsText(
  settings: Record<string, string | number | boolean | null> | null | undefined,
): string {
  if (!settings) return DASH;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(settings)) {
    if (value === null || key === 'model') continue;
    if (key === 'thinking') parts.push(`thinking ${value ? 'on' : 'off'}`);
    else if (key === 'reasoningEffort') parts.push(`reasoning effort ${value}`);
    else if (key === 'maxOutputTokens') parts.push(`max output ${value} tokens`);
    else if (key === 'noTruth')
      parts.push(
        value ? 'the graph extracted from the source (no truth.json)' : 'truth.json where present',
      );
    else if (key === 'ocrLanguage') parts.push(`OCR language ${value}`);
    else if (key === 'ocrMinConfidence') parts.push(`OCR confidence ≥ ${value}`);
    else parts.push(`${key} ${value}`);
  }
  return parts.length > 0 ? parts.join(' · ') : DASH;
}

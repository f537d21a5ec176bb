import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { RESULTS_DIR, RESULT_FILES } from '@figboard/evaluator/results';

/** One image the build publishes: the original bytes plus a small WebP thumbnail. */
export interface MediaItem {
  /** Absolute path of the input image. */
  src: string;
  /** Output path of the full-size copy, relative to the site root (no leading slash). */
  full: string;
  /** Output path of the thumbnail, relative to the site root. */
  thumb: string;
}

/** Site-relative URLs of one published image. */
export interface MediaRef {
  full: string;
  thumb: string;
  /** Pixel width of the full-size image when known (pages offer it in `srcset` beside the thumbnail). */
  width?: number;
}

/**
 * Renderings are published under an opaque name (a hash of the submission id) so the annotate
 * page's image URLs do not reveal which submission made them.
 */
function blindKey(submission: string): string {
  return createHash('sha256').update(`figboard-render:${submission}`).digest('hex').slice(0, 12);
}

/** Where a task's source image goes in the build. */
export function sourceMedia(
  dataDir: string,
  suite: string,
  task: string,
  imageFile: string,
): MediaItem {
  const ext = imageFile.slice(imageFile.lastIndexOf('.') + 1).toLowerCase();
  return {
    src: join(dataDir, 'suites', suite, task, imageFile),
    full: `media/${suite}/${task}/source.${ext}`,
    thumb: `media/${suite}/${task}/source.thumb.jpg`,
  };
}

/** Where a submission's rendering of a task goes in the build. */
export function renderMedia(
  dataDir: string,
  suite: string,
  task: string,
  submission: string,
): MediaItem {
  const key = blindKey(submission);
  return {
    src: join(dataDir, 'submissions', submission, RESULTS_DIR, RESULT_FILES.renders, `${task}.png`),
    full: `media/${suite}/${task}/${key}.png`,
    thumb: `media/${suite}/${task}/${key}.thumb.jpg`,
  };
}

/**
 * Where a style task's reference figure (`submission` null) or a submission's `output.png` goes
 * in the build.
 */
export function styleMedia(
  dataDir: string,
  suite: string,
  task: string,
  submission: string | null,
): MediaItem {
  if (submission === null)
    return {
      src: join(dataDir, 'suites', suite, task, 'reference.png'),
      full: `media/${suite}/${task}/reference.png`,
      thumb: `media/${suite}/${task}/reference.thumb.jpg`,
    };
  return {
    src: join(dataDir, 'submissions', submission, 'artifacts', task, 'output.png'),
    full: `media/${suite}/${task}/style-${submission}.png`,
    thumb: `media/${suite}/${task}/style-${submission}.thumb.jpg`,
  };
}

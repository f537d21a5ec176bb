import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { RESULTS_DIR, RESULT_FILES } from '@figboard/evaluator/results';

/** Thumbnail width in pixels (1.5× the task grid's column width). */
export const THUMB_WIDTH = 480;
/**
 * Width of the medium rendition: wider than the widest slot a page shows one image in at a
 * 1400 px desktop (the task page's 2fr column, ~900 px), so a desktop at device pixel ratio 1
 * never needs the original, which stays linked for zooming.
 */
export const MEDIUM_WIDTH = 1000;

/** One image the build publishes: the original bytes, a JPEG thumbnail, maybe a medium JPEG. */
export interface MediaItem {
  /** Absolute path of the input image. */
  src: string;
  /** Output path of the full-size copy, relative to the site root (no leading slash). */
  full: string;
  /** Output path of the thumbnail, relative to the site root. */
  thumb: string;
  /**
   * Output path of the {@link MEDIUM_WIDTH}-px rendition, relative to the site root; present only
   * when the original is wider than that (see {@link withMedium}).
   */
  medium?: string;
}

/** Site-relative URLs of one published image. */
export interface MediaRef {
  full: string;
  thumb: string;
  /** The {@link MEDIUM_WIDTH}-px rendition, when the original is wider. */
  medium?: string;
  /** Pixel width of the full-size image when known (pages offer it in `srcset` beside the thumbnail). */
  width?: number;
}

/**
 * `item` with a medium rendition planned when the original is wider than {@link MEDIUM_WIDTH}
 * (an unknown width gets none: the page then offers only the thumbnail and the original, as it
 * cannot say how wide either is).
 */
export function withMedium(item: MediaItem, width: number | undefined): MediaItem {
  if (width === undefined || width <= MEDIUM_WIDTH) return item;
  return { ...item, medium: item.thumb.replace(/\.thumb\.jpg$/, `.w${MEDIUM_WIDTH}.jpg`) };
}

/** What a page needs to show `item` (its URLs and the original's width). */
export function mediaRef(item: MediaItem, width: number | undefined): MediaRef {
  return {
    full: item.full,
    thumb: item.thumb,
    ...(item.medium ? { medium: item.medium } : {}),
    width,
  };
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

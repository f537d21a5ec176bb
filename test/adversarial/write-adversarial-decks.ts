import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { figureGraphFromTruth } from '@figboard/evaluator/figure-graph';
import { Truth } from '@figboard/evaluator/schemas';
import { ADVERSARIAL_VARIANTS, buildAdversarialDeck } from './adversarial-decks.ts';

/**
 * Writes every adversarial variant of each task folder's figure (its `truth.json` and
 * `source.png|jpg`) to `OUT/<task>/<variant>.pptx`, so a person can open and render them.
 *
 *   npx tsx test/adversarial/write-adversarial-decks.ts OUT TASK_DIR…
 */
export async function writeAdversarialDecks(
  out: string,
  taskDirs: readonly string[],
): Promise<string[]> {
  const written: string[] = [];
  for (const dir of taskDirs) {
    const truth = Truth.parse(JSON.parse(await readFile(join(dir, 'truth.json'), 'utf8')));
    const image = await readFile(join(dir, 'source.png')).catch(() =>
      readFile(join(dir, 'source.jpg')),
    );
    const folder = join(out, truth.id);
    await mkdir(folder, { recursive: true });
    for (const v of ADVERSARIAL_VARIANTS) {
      const file = join(folder, `${v}.pptx`);
      await writeFile(file, await buildAdversarialDeck(v, figureGraphFromTruth(truth), image));
      written.push(file);
    }
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [out, ...dirs] = process.argv.slice(2);
  if (!out || dirs.length === 0) {
    console.error('usage: write-adversarial-decks.ts OUT TASK_DIR…');
    process.exitCode = 2;
  } else {
    const files = await writeAdversarialDecks(out, dirs);
    console.log(`wrote ${files.length} decks to ${out}`);
  }
}

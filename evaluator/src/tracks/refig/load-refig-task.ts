import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Problem } from '../../errors/problem.ts';
import type { NotScoredCode } from '../../schemas/not-scored.schema.ts';
import type { SuiteManifest } from '../../schemas/suite.schema.ts';
import { RefigTask, Truth } from '../../schemas/task.schema.ts';
import { checkTruthGeometry } from '../../suite/check-truth-geometry.ts';
import type { LoadedTask } from '../../suite/load-suite.ts';
import { probeImage } from '../../suite/probe-image.ts';
import { parseJsonText, readJsonFile, readSuiteTaskJson } from '../../suite/read-json-file.ts';
import { openTaskMaterial } from '../../suite/sealed-access.ts';
import type { SealedBundle } from '../../suite/sealed-bundle.ts';
import { TASK_JSON_MAX_BYTES, TRUTH_JSON_MAX_BYTES } from '../../suite/task-file-limits.ts';
import { sha256File } from '../../util/sha256.ts';
import type { TrackTaskLoader } from '../track.ts';

/**
 * How a refig suite loads one task folder (`loadSuite`): `task.json`, the image (size, SHA-256,
 * with `deep` its header) and the optional `truth.json`, in the folder or sealed. A task with an
 * error is reported and left out of `tasks`.
 */
export const REFIG_TASK_LOADER: TrackTaskLoader = {
  async loadTask(load, into) {
    const loaded = await loadRefigTask(
      load.id,
      load.dir,
      load.manifest,
      { verifyHashes: load.verifyHashes, deep: load.deep, sealed: load.sealed },
      load.problems,
    );
    if (loaded) into.tasks.push(loaded);
  },
};

async function loadRefigTask(
  id: string,
  dir: string,
  manifest: SuiteManifest,
  opts: {
    verifyHashes: boolean;
    deep: boolean;
    sealed: { bundle: SealedBundle | null; broken: boolean; key: Buffer | null; path: string };
  },
  problems: Problem[],
): Promise<LoadedTask | null> {
  const before = problems.length;
  const taskFile = join(dir, 'task.json');
  const task = await readSuiteTaskJson(id, taskFile, RefigTask, TASK_JSON_MAX_BYTES, problems);
  if (!task) return null;
  if (manifest.redistributableOnly && !task.license.redistributable) {
    problems.push({
      severity: 'error',
      rule: 'license-not-redistributable',
      file: taskFile,
      message: `task "${id}" has a license that does not allow redistribution, but this suite is committed with redistributable images only`,
      expected: 'license.redistributable = true',
      got: task.license.name,
      hint: 'withhold the image: keep only its provenance record (ReFigBench Appendix D release plan)',
    });
  }

  // The image: a regular file whose bytes hash to the recorded SHA-256.
  const imagePath = join(dir, task.image.file);
  let imageOk = false;
  try {
    const info = await lstat(imagePath);
    if (!info.isFile()) {
      problems.push({
        severity: 'error',
        rule: 'image-not-a-file',
        file: imagePath,
        message: `task "${id}": the image must be a regular file`,
        got: info.isSymbolicLink() ? 'symbolic link' : 'not a file',
      });
    } else if (info.size !== task.image.bytes) {
      problems.push({
        severity: 'error',
        rule: 'image-bytes-mismatch',
        file: imagePath,
        message: `task "${id}": image size differs from task.json`,
        expected: `${task.image.bytes} bytes`,
        got: `${info.size} bytes`,
      });
      imageOk = true; // still hash it, so the report names both hashes
    } else imageOk = true;
  } catch {
    problems.push({
      severity: 'error',
      rule: 'image-missing',
      file: imagePath,
      message: `task "${id}": image ${task.image.file} is missing`,
    });
  }
  if (imageOk && opts.verifyHashes) {
    const actual = await sha256File(imagePath);
    if (actual !== task.image.sha256) {
      problems.push({
        severity: 'error',
        rule: 'image-hash-mismatch',
        file: imagePath,
        message: `task "${id}": image SHA-256 does not match task.json (the image was changed or corrupted)`,
        expected: task.image.sha256,
        got: actual,
        hint: 'restore the original image, or rebuild the task so its provenance records the new bytes',
      });
    }
  }
  if (imageOk && opts.deep) {
    try {
      const probed = await probeImage(imagePath, task.image.file);
      for (const key of ['format', 'width', 'height'] as const) {
        if (probed[key] !== task.image[key]) {
          problems.push({
            severity: 'error',
            rule: `image-${key}-mismatch`,
            file: imagePath,
            message: `task "${id}": image ${key} differs from task.json`,
            expected: String(task.image[key]),
            got: String(probed[key]),
          });
        }
      }
      const ext = task.image.file.endsWith('.png') ? 'png' : 'jpeg';
      if (ext !== probed.format) {
        problems.push({
          severity: 'error',
          rule: 'image-extension',
          file: imagePath,
          message: `task "${id}": file extension does not match the image format`,
          expected: ext,
          got: probed.format,
        });
      }
    } catch (err) {
      problems.push({
        severity: 'error',
        rule: 'image-unreadable',
        file: imagePath,
        message: `task "${id}": ${(err as Error).message}`,
      });
    }
  }

  // truth.json must exist exactly when task.json says so — in the folder, or sealed.
  const truthPath = join(dir, 'truth.json');
  let truth: Truth | null = null;
  let notScored: NotScoredCode | null = null;
  const hidden = opts.sealed.bundle?.tasks[id] !== undefined;
  const truthOnDisk = (await lstat(truthPath).catch(() => null)) !== null;
  if (task.hasTruth && !truthOnDisk && (opts.sealed.broken || hidden)) {
    if (!opts.sealed.broken && !opts.sealed.bundle?.tasks[id]?.['truth.json']) {
      problems.push({
        severity: 'error',
        rule: 'truth-missing',
        file: truthPath,
        message: `task "${id}" says hasTruth=true but truth.json is neither in the folder nor sealed`,
      });
    } else {
      // A hidden task: its truth lives only in sealed.json (opened in memory, never written).
      const material = openTaskMaterial(
        opts.sealed.bundle,
        id,
        opts.sealed.key,
        opts.sealed.path,
        opts.sealed.broken,
      );
      if (!material.ok) notScored = material.code;
      else {
        const bytes = material.files.get('truth.json')!;
        const t = parseJsonText(
          bytes.toString('utf8'),
          `${truthPath} (sealed)`,
          Truth,
          'truth-json',
        );
        problems.push(...t.problems);
        if (t.value) truth = checkTruth(t.value, task, `${truthPath} (sealed)`, id, problems);
      }
    }
  } else if (task.hasTruth) {
    const t = await readJsonFile(truthPath, truthPath, Truth, 'truth-json', TRUTH_JSON_MAX_BYTES);
    if (!t.exists) {
      problems.push({
        severity: 'error',
        rule: 'truth-missing',
        file: truthPath,
        message: `task "${id}" says hasTruth=true but truth.json is missing`,
      });
    } else problems.push(...t.problems);
    if (t.value) truth = checkTruth(t.value, task, truthPath, id, problems);
  } else if (truthOnDisk) {
    problems.push({
      severity: 'error',
      rule: 'truth-unexpected',
      file: truthPath,
      message: `task "${id}" has a truth.json but task.json says hasTruth=false`,
      hint: 'set "hasTruth": true',
    });
  }

  if (problems.slice(before).some((p) => p.severity === 'error')) return null;
  return {
    id,
    dir,
    task,
    imagePath,
    truth,
    truthPath: truth ? truthPath : null,
    hidden,
    notScored,
  };
}

/** A parsed truth must be annotated on the task's image size and stay inside it. */
function checkTruth(
  truth: Truth,
  task: RefigTask,
  truthPath: string,
  id: string,
  problems: Problem[],
): Truth {
  if (truth.width !== task.image.width || truth.height !== task.image.height) {
    problems.push({
      severity: 'error',
      rule: 'truth-size-mismatch',
      file: truthPath,
      message: `task "${id}": truth.json is annotated on a different image size`,
      expected: `${task.image.width}×${task.image.height}`,
      got: `${truth.width}×${truth.height}`,
    });
  }
  problems.push(...checkTruthGeometry(truth, task.image.width, task.image.height, truthPath, id));
  return truth;
}

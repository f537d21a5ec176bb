import { describeScorers, type RecordScorers, sameScorers } from '../scorers/record-scorers.ts';
import { compareCodeUnits } from '../util/compare-code-units.ts';
import type { RescoredFile } from '../tracks/track.ts';

/**
 * Collects, per results file, the records about to be re-made because the scorer versions that
 * made them differ from the current ones (a changed deck or setting is not counted here).
 */
export class RescoreLog {
  private readonly byFile = new Map<string, { records: number; from: Set<string>; to: string }>();
  private readonly announced = new Set<string>();

  note(
    file: string,
    recorded: RecordScorers | undefined,
    current: RecordScorers,
    existed: boolean,
  ): void {
    if (!existed || sameScorers(recorded, current)) return;
    const entry = this.byFile.get(file) ?? {
      records: 0,
      from: new Set<string>(),
      to: describeScorers(current),
    };
    entry.records += 1;
    entry.from.add(describeScorers(recorded));
    this.byFile.set(file, entry);
  }

  /** Says once, before the work, how many records of `file` are re-scored and why. */
  announce(file: string, log: (line: string) => void): void {
    const e = this.byFile.get(file);
    if (!e || this.announced.has(file)) return;
    this.announced.add(file);
    log(
      `rescoring ${e.records} record(s) of ${file}: made by ${[...e.from].sort().join('; ')}, this evaluator is ${e.to}`,
    );
  }

  files(): RescoredFile[] {
    return [...this.byFile.entries()]
      .sort(([a], [b]) => compareCodeUnits(a, b))
      .map(([file, e]) => ({ file, records: e.records, from: [...e.from].sort(), to: e.to }));
  }
}

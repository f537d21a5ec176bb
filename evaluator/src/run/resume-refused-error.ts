import { FigboardError } from '../errors/figboard-error.ts';

/**
 * `refig run` was asked to resume a submission folder with a different suite, manifest or agent
 * command than the one its artifacts were made with. Resuming would make the folder claim a
 * configuration that did not make most of its decks, so the run stops before any agent starts.
 */
export class ResumeRefusedError extends FigboardError {
  /** One line per changed field, "what: recorded → now". */
  readonly changes: readonly string[];

  constructor(where: string, changes: readonly string[], hint: string) {
    super(
      `this folder was made with a different configuration; resuming it would mislabel its entry. Changed: ${changes.join('; ')}`,
      { code: 'resume-changed', where, hint },
    );
    this.changes = changes;
  }
}

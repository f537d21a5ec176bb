/** The parts of a configuration a reader recognises it by. */
export interface ConfigurationParts {
  model: { name: string };
  harness: { name: string };
  workflow: { name: string };
}

/** "model · harness · workflow", the label used everywhere a configuration is named. */
export function configurationLabel(c: ConfigurationParts): string {
  return `${c.model.name} · ${c.harness.name} · ${c.workflow.name}`;
}

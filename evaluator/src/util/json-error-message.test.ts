import { describe, expect, it } from 'vitest';
import { jsonErrorMessage } from './json-error-message.ts';

describe('jsonErrorMessage', () => {
  it("says what V8 says, without the position Node 24 appends, so records do not depend on Node's version", () => {
    let thrown: unknown;
    try {
      JSON.parse('{"task":"fig01-0');
    } catch (err) {
      thrown = err;
    }
    expect(jsonErrorMessage(thrown)).toBe('Unterminated string in JSON at position 16');
    expect(
      jsonErrorMessage(
        new SyntaxError("Expected property name or '}' in JSON at position 1 (line 1 column 2)"),
      ),
    ).toBe("Expected property name or '}' in JSON at position 1");
    expect(jsonErrorMessage('plain')).toBe('plain');
  });
});

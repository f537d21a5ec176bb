/**
 * Patterns of slide text addressed to a judge or model rather than to a reader of the figure
 * (prompt injection). Slide text is untrusted: judges only ever see it inside a delimited data
 * block, and the audit flags text matching any of these so a maintainer sees the attempt.
 * Matching is case-insensitive on whitespace-normalised text. The list is deliberately narrow:
 * words a method figure legitimately uses ("system", "score", "prompt", "instruction tuning")
 * only match in the imperative, judge-addressed phrasings below.
 */
export const INSTRUCTION_PATTERNS: ReadonlyArray<{ id: string; pattern: RegExp; why: string }> = [
  {
    id: 'ignore-instructions',
    pattern:
      /\b(ignore|disregard|forget|override)\s+(all\s+|any\s+|the\s+|your\s+|of\s+)*((previous|prior|above|earlier|preceding|former|system|original)\s+)?(instructions?|prompts?|rules|directions|guidelines|rubric)\b/,
    why: 'asks the reader to drop its instructions',
  },
  {
    id: 'addressed-to-judge',
    pattern:
      /\b(note|message|instructions?|memo|notice)\s+(to|for)\s+(the\s+)?(ai\s+)?(judge|grader|evaluator|reviewer|scorer|assessor|llm|model|assistant)s?\b/,
    why: 'addresses the judge or model directly',
  },
  {
    id: 'system-note',
    pattern: /\bsystem\s+(note|override|notice|message\s+to)\b/,
    why: 'poses as a system message',
  },
  {
    id: 'demand-score',
    pattern:
      /\b(return|give|assign|award|output|grant)\s+(it\s+|me\s+|this\s+(slide|figure|reconstruction|submission|one)\s+)?(a\s+|the\s+)?((full|perfect|maximum|max|highest|top)\s+)?(score|marks?|points|rating|grade)?\s*(of\s+)?(100|10\s*\/\s*10|full\s+marks|perfect)\b/,
    why: 'demands a score',
  },
  {
    id: 'score-100',
    pattern:
      /\bscore\s*(of\s*|=\s*|:\s*)?100\b(?!\s*(%|percent|epochs?|steps|samples|tokens|images|k\b|m\b))/,
    why: 'names a perfect score',
  },
  {
    id: 'full-marks',
    pattern: /\b(full|perfect|maximum)\s+(marks|subscores|score|points)\b/,
    why: 'asks for full marks',
  },
  {
    id: 'you-are-judge',
    pattern:
      /\byou\s+are\s+(now\s+)?(a|an|the)\s+([a-z-]+\s+)?(judge|grader|evaluator|reviewer|ai|assistant|language\s+model)\b/,
    why: 'tries to re-role the model',
  },
  {
    id: 'chat-template',
    pattern: /<\|?(im_start|im_end|system|endoftext)\|?>|\[\/?inst\]|<<\s*sys\s*>>/,
    why: 'contains chat-template control tokens',
  },
];

/** The ids of the patterns the text matches (empty when none). */
export function matchInstructionPatterns(text: string): string[] {
  const t = text.toLowerCase().replace(/\s+/g, ' ');
  return INSTRUCTION_PATTERNS.filter((p) => p.pattern.test(t)).map((p) => p.id);
}

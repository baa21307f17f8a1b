import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, and leaves the rest as it is', () => {
    expect(
      toCsv(
        ['name', 'n'],
        [
          ['Lee, Sam', 3],
          ['Say "hi"', null],
          ['two\nlines', 0],
        ],
      ),
    ).toBe('name,n\r\n"Lee, Sam",3\r\n"Say ""hi""",\r\n"two\nlines",0\r\n');
  });

  it('never lets a text field start a formula, while negative numbers stay numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM')).toBe("'@SUM");
    expect(csvField(-5)).toBe('-5');
  });
});

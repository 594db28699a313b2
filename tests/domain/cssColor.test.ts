import { safeCssColor, textColorOn } from '../../domain/ticket/cssColor';

describe("an e-shop's colours in a style attribute", () => {
  it('lets the colour forms through: hex, colour functions of numbers, keywords', () => {
    for (const color of [
      '#0a7d3b',
      '#FFF',
      '#11223344',
      'rgb(10, 125, 59)',
      'rgba(10 125 59 / 50%)',
      'hsl(120, 50%, 40%)',
      'navy',
    ])
      expect(safeCssColor(color, '#000')).toBe(color);
    expect(safeCssColor('  #0a7d3b ', '#000')).toBe('#0a7d3b');
  });

  it('answers the fallback for anything that could end the declaration, load something or is no colour', () => {
    for (const value of [
      'red;background:url(https://evil.example/x.png)',
      'url(https://evil.example/x.png)',
      'expression(alert(1))',
      'red" onclick="alert(1)',
      '#0a7d3b !important',
      'var(--brand)',
      'inherit',
      '',
      undefined,
      42,
    ])
      expect(safeCssColor(value, '#000')).toBe('#000');
  });

  it('writes black on light colours and white on dark ones', () => {
    expect(textColorOn('#ffd400')).toBe('#000000');
    expect(textColorOn('#fff')).toBe('#000000');
    expect(textColorOn('#0a7d3b')).toBe('#ffffff');
    expect(textColorOn('#1f2937')).toBe('#ffffff');
    expect(textColorOn('navy')).toBe('#ffffff');
  });
});

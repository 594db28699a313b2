/**
 * Whether an Interleaved 2 of 5 message is drawn as it is: the format pairs digits, and the drawing library pads an
 * odd count with a leading zero, so a scanner would read another code than the pass's. The server's pass page and
 * PDF and the designer's preview refuse such a message alike.
 *
 * @example interleavedDigitsPaired('12345') // false
 */
export const interleavedDigitsPaired = (message: string) => message.length % 2 === 0;

/** Two tones a person at the gate tells apart without looking: rising for accepted, low and long for refused. */
const TONES = {
  accepted: [
    { frequency: 880, seconds: 0.09 },
    { frequency: 1320, seconds: 0.12 },
  ],
  refused: [
    { frequency: 330, seconds: 0.2 },
    { frequency: 220, seconds: 0.3 },
  ],
};
const VIBRATION = { accepted: [80], refused: [200, 100, 200] };

let audio: AudioContext | undefined;

/**
 * Beeps (WebAudio) and vibrates (where the device can) for an answer; silent where the browser has neither.
 *
 * @example gateFeedback('accepted')
 */
export function gateFeedback(kind: 'accepted' | 'refused'): void {
  try {
    navigator.vibrate?.(VIBRATION[kind]);
  } catch {
    // no vibration on this device
  }
  try {
    const AudioContextClass = window.AudioContext;
    if (!AudioContextClass) return;
    audio ??= new AudioContextClass();
    let start = audio.currentTime;
    for (const tone of TONES[kind]) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = kind === 'accepted' ? 'sine' : 'square';
      oscillator.frequency.value = tone.frequency;
      gain.gain.value = 0.2;
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start);
      oscillator.stop(start + tone.seconds);
      start += tone.seconds + 0.03;
    }
  } catch {
    // no sound on this device
  }
}

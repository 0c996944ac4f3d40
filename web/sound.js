// Sounds, when the player turns them on (Settings): short and quiet, made by Web
// Audio on the spot (no files to download). The app calls
// window.holdfastSound(kind) with kind one of "place", "capture", "turn", "end".
(function () {
  'use strict';
  // Each sound: notes of [frequency in Hz, start and length in seconds], a wave.
  const SOUNDS = {
    place: { wave: 'sine', notes: [[660, 0, 0.07]] },
    capture: { wave: 'triangle', notes: [[523, 0, 0.07], [330, 0.06, 0.12]] },
    turn: { wave: 'sine', notes: [[523, 0, 0.09], [784, 0.1, 0.12]] },
    end: { wave: 'sine', notes: [[523, 0, 0.12], [659, 0.12, 0.12], [784, 0.24, 0.12], [1047, 0.36, 0.3]] },
  };
  const LOUDNESS = 0.06;
  let audio = null;

  window.holdfastSound = function (kind) {
    const sound = SOUNDS[kind];
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!sound || !Context) return false;
    try {
      if (!audio) audio = new Context();
      if (audio.state === 'suspended') audio.resume();
      const now = audio.currentTime + 0.01;
      for (const [freq, start, length] of sound.notes) {
        const osc = audio.createOscillator();
        const gain = audio.createGain();
        osc.type = sound.wave;
        osc.frequency.value = freq;
        // A soft start and a quick fade: no clicks.
        gain.gain.setValueAtTime(0, now + start);
        gain.gain.linearRampToValueAtTime(LOUDNESS, now + start + 0.01);
        gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
        osc.connect(gain).connect(audio.destination);
        osc.start(now + start);
        osc.stop(now + start + length + 0.02);
      }
      window.holdfastSounds = (window.holdfastSounds || 0) + 1;
      document.documentElement.dataset.lastSound = kind;
      return true;
    } catch (e) {
      return false;
    }
  };
})();

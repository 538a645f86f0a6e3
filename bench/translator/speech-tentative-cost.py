"""What the service's tentative updates cost: speech-baseline.py's loop on the same audio, in one process,
alternately without and with a partial hypothesis every 10 frames of speech (what
services/translator/speech/recognizer-worker.py does for `tentative` updates), so that both see the same machine.

Usage: python3 speech-tentative-cost.py FILE.wav SECONDS ROUNDS   (16 kHz 16-bit mono; its first SECONDS)
Prints one JSON line: CPU seconds without and with, and the overhead.
"""

import json
import sys
import time
import wave

from pocketsphinx import Decoder, Endpointer

TENTATIVE_EVERY_FRAMES = 10


def decode(decoder, data, tentative_every):
    endpointer = Endpointer(sample_rate=int(decoder.config["samprate"]))
    size = endpointer.frame_bytes
    in_utterance = False
    frames = 0
    for offset in range(0, len(data) - len(data) % size, size):
        speech = endpointer.process(data[offset : offset + size])
        if speech is None:
            continue
        if not in_utterance:
            decoder.start_utt()
            in_utterance = True
            frames = 0
        decoder.process_raw(speech)
        if not endpointer.in_speech:
            decoder.end_utt()
            in_utterance = False
            decoder.hyp()
            continue
        frames += 1
        if tentative_every and frames >= tentative_every:
            frames = 0
            hypothesis = decoder.hyp()
            if hypothesis is not None:
                json.dumps({"type": "tentative", "text": hypothesis.hypstr})
    if in_utterance:
        decoder.end_utt()


def main():
    path, seconds, rounds = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    decoder = Decoder(loglevel="ERROR")
    with wave.open(path, "rb") as audio:
        data = audio.readframes(audio.getnframes())[: int(seconds * 32000)]
    cpu = {0: 0.0, TENTATIVE_EVERY_FRAMES: 0.0}
    for _ in range(rounds):
        for every in cpu:
            started = time.process_time()
            decode(decoder, data, every)
            cpu[every] += time.process_time() - started
    without, with_tentatives = cpu[0], cpu[TENTATIVE_EVERY_FRAMES]
    print(json.dumps({"audio_seconds": len(data) / 32000, "rounds": rounds, "cpu_without": round(without, 2),
                      "cpu_with_tentatives": round(with_tentatives, 2), "overhead": round(with_tentatives / without - 1, 3)}))


if __name__ == "__main__":
    main()

"""The speech bench's baseline: the simplest correct program doing the service's recognition.

pocketsphinx 5.1.1's own Python API, straight from its documentation: one Decoder with the model that ships in
the wheel and the settings the service's recognizer uses (services/translator/speech/recognizer-worker.py:
Decoder(loglevel="ERROR"), nothing else changed), one Endpointer at the model's rate cutting the audio into
utterances, each utterance decoded whole. No pipes, no tentative hypotheses, no JSON per update: what the
service does on top of this is what the bench measures.

Usage: python3 speech-baseline.py FILE.wav...   (16 kHz, 16-bit mono WAV)
One process for all files; the model loads once, before the first file. Output, one JSON line per file:
{"file", "text" (the utterances' words, in order), "cpu_seconds" (this process's user + system time spent on
the file), "audio_seconds"}, after a first line {"load_cpu_seconds"} for the model.
"""

import json
import sys
import time
import wave

from pocketsphinx import Decoder, Endpointer


def words_of(hypothesis):
    # Fillers (<s>, </s>, <sil>, [NOISE]...) are not words; alternates are written word(2).
    return [word.split("(")[0] for word in hypothesis.split() if not word.startswith(("<", "["))]


def recognize(decoder, path):
    endpointer = Endpointer(sample_rate=int(decoder.config["samprate"]))
    with wave.open(path, "rb") as audio:
        if audio.getframerate() != endpointer.sample_rate or audio.getnchannels() != 1 or audio.getsampwidth() != 2:
            raise ValueError(f"{path}: not {endpointer.sample_rate} Hz 16-bit mono")
        frames = audio.getnframes()
        data = audio.readframes(frames)
    heard = []
    in_utterance = False

    def end_utterance():
        decoder.end_utt()
        hypothesis = decoder.hyp()
        if hypothesis is not None:
            heard.extend(words_of(hypothesis.hypstr))

    size = endpointer.frame_bytes
    whole = len(data) - len(data) % size
    for offset in range(0, whole, size):
        speech = endpointer.process(data[offset : offset + size])
        if speech is None:
            continue
        if not in_utterance:
            decoder.start_utt()
            in_utterance = True
        decoder.process_raw(speech)
        if not endpointer.in_speech:
            end_utterance()
            in_utterance = False
    # The last partial frame, padded by the endpointer, with the speech it still holds.
    speech = endpointer.end_stream(data[whole:]) if whole < len(data) else None
    if speech is not None:
        if not in_utterance:
            decoder.start_utt()
            in_utterance = True
        decoder.process_raw(speech, full_utt=False)
    if in_utterance:
        end_utterance()
    return " ".join(heard), frames / endpointer.sample_rate


def main():
    started = time.process_time()
    decoder = Decoder(loglevel="ERROR")
    print(json.dumps({"load_cpu_seconds": time.process_time() - started}), flush=True)
    for path in sys.argv[1:]:
        started = time.process_time()
        text, audio_seconds = recognize(decoder, path)
        cpu = time.process_time() - started
        print(json.dumps({"file": path, "text": text, "cpu_seconds": cpu, "audio_seconds": audio_seconds}), flush=True)


if __name__ == "__main__":
    main()

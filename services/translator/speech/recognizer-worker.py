"""One warm pocketsphinx recognizer, driven by the translator over stdin/stdout (src/engine/speech/).

The model loads once, at start; then streams follow one another. Input frames: one type byte, a
4-byte big-endian length, the payload:
  O  open a stream; payload JSON {"words": [{"word", "phones", "weight"}]}: spoken terms' words,
     added to the dictionary and boosted in the language model for this stream only
  A  audio: signed 16-bit little-endian mono PCM at the model's rate (16 kHz), any length
  F  finish: the audio is over; the last utterance is concluded
  X  abort: the stream is dropped, nothing more is reported
Output: one JSON object per line: {"type": "ready"} once loaded and after every open, "tentative"
{text}, "concluded" {text, start_ms, end_ms}, "finished" after F or X once the recognizer is clean
for the next stream, "error" {message}. Nothing else is written to stdout (pocketsphinx logs go to
stderr, at error level).
"""

import json
import struct
import sys
import traceback

from pocketsphinx import Decoder, Endpointer

# A tentative hypothesis costs a partial search backtrace: ask for one every this many frames of
# speech (frames are 30 ms: about every 300 ms), which keeps the cost a few percent of decoding.
TENTATIVE_EVERY_FRAMES = 10


def send(message):
    sys.stdout.write(json.dumps(message, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def read_exact(stream, size):
    chunks = []
    while size > 0:
        chunk = stream.read(size)
        if not chunk:
            return None
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def read_frame(stream):
    header = read_exact(stream, 5)
    if header is None:
        return None, None
    kind, length = struct.unpack(">cI", header)
    payload = read_exact(stream, length) if length else b""
    if payload is None:
        return None, None
    return kind.decode("ascii"), payload


def words_of(hypothesis):
    # Fillers (<s>, </s>, <sil>, [NOISE]...) are not words; alternates are written word(2).
    words = []
    for word in hypothesis.split():
        if word.startswith("<") or word.startswith("["):
            continue
        words.append(word.split("(")[0])
    return " ".join(words)


class Recognizer:
    def __init__(self, decoder):
        self.decoder = decoder
        self.endpointer = None
        self.pending = b""
        self.received_bytes = 0
        self.start_ms = 0
        self.in_utterance = False
        self.frames_since_tentative = 0
        self.last_tentative = ""
        # Words added for spoken terms: the decoder is reloaded after such a stream, so that the next
        # stream hears the model as it ships.
        self.dirty = False

    def open(self, words):
        self.endpointer = Endpointer(sample_rate=int(self.decoder.config["samprate"]))
        self.pending = b""
        self.received_bytes = 0
        self.in_utterance = False
        self.frames_since_tentative = 0
        self.last_tentative = ""
        if words:
            self.add_words(words)

    def add_words(self, words):
        self.dirty = True
        lm = self.decoder.get_lm()
        new_words = []
        for entry in words:
            if self.decoder.lookup_word(entry["word"]) is not None:
                continue
            phones = self.sounds_like(entry.get("sounds_like", [])) or entry.get("phones")
            if phones:
                new_words.append({"word": entry["word"], "phones": phones, "weight": entry.get("weight", 1.0)})
        for index, entry in enumerate(new_words):
            # Added to the language model first with its boost (its unigram probability is the weight
            # times a uniform one); the decoder's own add_word then finds it there and keeps it. The
            # search is rebuilt once, with the last word.
            lm.add_word(entry["word"], float(entry.get("weight", 1.0)))
            self.decoder.add_word(entry["word"], entry["phones"], index == len(new_words) - 1)

    def sounds_like(self, words):
        # The dictionary's pronunciations of the words a term sounds like, one after the other.
        phones = [self.decoder.lookup_word(word) for word in words]
        if not phones or any(entry is None for entry in phones):
            return None
        return " ".join(phones)

    def audio(self, pcm):
        self.received_bytes += len(pcm)
        data = self.pending + pcm
        size = self.endpointer.frame_bytes
        whole = len(data) - len(data) % size
        for offset in range(0, whole, size):
            self.frame(self.endpointer.process(data[offset : offset + size]))
        self.pending = data[whole:]

    def frame(self, speech, last=False):
        if speech is None:
            return
        if not self.in_utterance:
            self.decoder.start_utt()
            self.in_utterance = True
            self.start_ms = round(self.endpointer.speech_start * 1000)
        self.decoder.process_raw(speech, False, last)
        if not self.endpointer.in_speech:
            self.conclude()
            return
        self.frames_since_tentative += 1
        if self.frames_since_tentative >= TENTATIVE_EVERY_FRAMES:
            self.frames_since_tentative = 0
            hypothesis = self.decoder.hyp()
            text = words_of(hypothesis.hypstr) if hypothesis is not None else ""
            if text and text != self.last_tentative:
                self.last_tentative = text
                send({"type": "tentative", "text": text})

    def conclude(self):
        self.decoder.end_utt()
        self.in_utterance = False
        self.frames_since_tentative = 0
        self.last_tentative = ""
        hypothesis = self.decoder.hyp()
        text = words_of(hypothesis.hypstr) if hypothesis is not None else ""
        # At the end of the stream the endpointer has not seen the speech end: it ends with the audio.
        end_ms = round(self.endpointer.speech_end * 1000) if not self.endpointer.in_speech else None
        if end_ms is None or end_ms <= self.start_ms:
            end_ms = self.received_bytes // 32
        if text:
            send({"type": "concluded", "text": text, "start_ms": self.start_ms, "end_ms": end_ms})

    def finish(self):
        # The endpointer pads the last partial frame and returns the speech it still holds.
        speech = self.endpointer.end_stream(self.pending) if self.pending else None
        self.pending = b""
        if speech is not None:
            if not self.in_utterance:
                self.decoder.start_utt()
                self.in_utterance = True
                self.start_ms = round(self.endpointer.speech_start * 1000)
            self.decoder.process_raw(speech, False, True)
        if self.in_utterance:
            self.conclude()
        self.reset()

    def abort(self):
        if self.in_utterance:
            self.decoder.end_utt()
            self.in_utterance = False
        self.pending = b""
        self.reset()

    def reset(self):
        if self.dirty:
            self.decoder.reinit()
            self.dirty = False
        send({"type": "finished"})


def main():
    decoder = Decoder(loglevel="ERROR")
    recognizer = Recognizer(decoder)
    send({"type": "ready"})
    stdin = sys.stdin.buffer
    while True:
        kind, payload = read_frame(stdin)
        if kind is None:
            return
        try:
            if kind == "O":
                recognizer.open(json.loads(payload.decode("utf-8")).get("words", []))
                send({"type": "ready"})
            elif kind == "A":
                recognizer.audio(payload)
            elif kind == "F":
                recognizer.finish()
            elif kind == "X":
                recognizer.abort()
            else:
                send({"type": "error", "message": "unknown frame type " + repr(kind)})
        except Exception as error:  # a bad pronunciation or a decoder failure ends this stream only
            traceback.print_exc(file=sys.stderr)
            send({"type": "error", "message": str(error)})


if __name__ == "__main__":
    main()

// A stand-in Apertium stage for failure tests: echoes each NUL-terminated record, except that a record
// containing STUCK makes it go silent forever (it keeps reading, like a chain stuck in a loop).
// An argument `load=<ms>` makes it take that long to start answering, like a stage loading its transducer.
const loadMs = Number(process.argv.find((arg) => arg.startsWith('load='))?.slice('load='.length) ?? 0);
const loaded = new Promise((resolve) => setTimeout(resolve, loadMs));
let pending = Buffer.alloc(0);
let silent = false;
process.stdin.on('data', async (data) => {
  pending = Buffer.concat([pending, data]);
  await loaded;
  for (let at = pending.indexOf(0); at >= 0; at = pending.indexOf(0)) {
    const record = pending.subarray(0, at + 1);
    pending = pending.subarray(at + 1);
    if (record.includes('STUCK')) silent = true;
    if (!silent) process.stdout.write(record);
  }
});

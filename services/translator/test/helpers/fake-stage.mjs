// A stand-in Apertium stage for failure tests: echoes each NUL-terminated record, except that a record
// containing STUCK makes it go silent forever (it keeps reading, like a chain stuck in a loop).
let pending = Buffer.alloc(0);
let silent = false;
process.stdin.on('data', (data) => {
  pending = Buffer.concat([pending, data]);
  for (let at = pending.indexOf(0); at >= 0; at = pending.indexOf(0)) {
    const record = pending.subarray(0, at + 1);
    pending = pending.subarray(at + 1);
    if (record.includes('STUCK')) silent = true;
    if (!silent) process.stdout.write(record);
  }
});

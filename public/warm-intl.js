// The first Intl formatter a page makes loads the browser's formatting data (ICU): 30-100 ms of main thread on
// this project's reference machine, whatever the language; later formatters take a fraction of a millisecond.
// Made here, while the page still waits for its stylesheet and scripts, it is not paid inside the portal's first
// render. Loaded async from index.html: nothing waits for it, and nothing else is in it.
// Numbers and dates load data of their own: each in a task of its own, two shorter tasks instead of one long
// one that blocks input for longer (Lighthouse total blocking time).
new Intl.NumberFormat().format(0);
setTimeout(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(0));

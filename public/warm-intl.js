// The first Intl formatter a page makes loads the browser's formatting data (ICU): 30-100 ms of main thread on
// this project's reference machine, whatever the language; later formatters take a fraction of a millisecond.
// Made here, while the page still waits for its stylesheet and scripts, it is not paid inside the portal's first
// render (issue 11, point 4). Loaded async from index.html: nothing waits for it, and nothing else is in it.
new Intl.NumberFormat().format(0);
new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(0);

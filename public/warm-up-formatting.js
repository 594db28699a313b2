new Intl.NumberFormat().format(0);
new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' }).format(0);

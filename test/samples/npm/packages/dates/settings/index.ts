import { setDefaultOptions } from 'date-fns/setDefaultOptions';

// Weeks start on Monday for every date-fns function on the page, whichever entry it comes from.
setDefaultOptions({ weekStartsOn: 1 });

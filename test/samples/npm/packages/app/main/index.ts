import '@npm/dates/settings';
import { defaults, weekStart } from '@npm/dates/week';
import '@npm/cards/card';
import { mountCounter } from '@npm/counter/counter';
import { newId } from '@npm/ids/id';

document.body.innerHTML = `<p id="week">${weekStart()}</p><p id="defaults">${defaults()}</p><p id="id">${newId()}</p><npm-card name="kit"></npm-card><div id="counter-root"></div>`;
mountCounter(document.getElementById('counter-root')!, 5);

import data from './data.json';
import { version } from './data.json';

export const result = [data.name, version, data.tags.length];

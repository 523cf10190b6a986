import { getMetadata } from './reflect.js';
// `Logger` is an interface imported without `type`: its metadata reads as Object, as tsc writes it.
import { Clock, Logger } from './types.js';

const seen: string[] = [];
function Injectable(): ClassDecorator {
  return (target) => {
    seen.push(`class with ${target.length} parameters`);
  };
}
function Inject(token: string): ParameterDecorator {
  return (_target, _key, index) => {
    seen.push(`param ${index} ${token}`);
  };
}
function Field(): PropertyDecorator {
  return (_target, key) => {
    seen.push(`field ${String(key)}`);
  };
}

@Injectable()
class Service {
  @Field() name: string = 'svc';
  constructor(@Inject('logger') readonly logger: Logger, readonly clock: Clock) {}
}

// Compared by identity: a minifier may rename classes.
const nameOf = (type: unknown) => (type === Object ? 'Object' : type === Clock ? 'Clock' : type === String ? 'String' : 'other');
const types = (getMetadata('design:paramtypes', Service) as unknown[]).map(nameOf);
const field = nameOf(getMetadata('design:type', Service.prototype));
export const result = [types, field, new Service({ log() {} }, new Clock()).clock.now(), ...seen];

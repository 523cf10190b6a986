// packages/lib/decorators-legacy/reflect.ts
const store = /* @__PURE__ */ new WeakMap();
const reflect = Reflect;
reflect.metadata = (key, value) => (target) => {
	if (!store.has(target)) store.set(target, /* @__PURE__ */ new Map());
	store.get(target).set(key, value);
};
reflect.getMetadata = (key, target) => store.get(target)?.get(key);
const getMetadata = reflect.getMetadata;
// packages/lib/decorators-legacy/types.ts
var Clock = class {
	now() {
		return 7;
	}
};
// packages/lib/decorators-legacy/index.ts
function _ts_decorate(decorators, target, key, desc) {
	var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
	if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
	else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
	return c > 3 && r && Object.defineProperty(target, key, r), r;
}
function _ts_metadata(metadataKey, metadataValue) {
	if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(metadataKey, metadataValue);
}
function _ts_param(paramIndex, decorator) {
	return function(target, key) {
		decorator(target, key, paramIndex);
	};
}
const seen = [];
function Injectable() {
	return (target) => {
		seen.push(`class with ${target.length} parameters`);
	};
}
function Inject(token) {
	return (_target, _key, index) => {
		seen.push(`param ${index} ${token}`);
	};
}
function Field() {
	return (_target, key) => {
		seen.push(`field ${String(key)}`);
	};
}
let Service = class Service {
	logger;
	clock;
	name = "svc";
	constructor(logger, clock) {
		this.logger = logger;
		this.clock = clock;
	}
};
_ts_decorate([Field(), _ts_metadata("design:type", String)], Service.prototype, "name", void 0);
Service = _ts_decorate([
	Injectable(),
	_ts_param(0, Inject("logger")),
	_ts_metadata("design:type", Function),
	_ts_metadata("design:paramtypes", [typeof Logger === "undefined" ? Object : Logger, typeof Clock === "undefined" ? Object : Clock])
], Service);
const nameOf = (type) => type === Object ? "Object" : type === Clock ? "Clock" : type === String ? "String" : "other";
const result = [
	getMetadata("design:paramtypes", Service).map(nameOf),
	nameOf(getMetadata("design:type", Service.prototype)),
	new Service({ log() {} }, new Clock()).clock.now(),
	...seen
];
export { result };


function _ts_add_disposable_resource(env, value, async) {
	if (value !== null && value !== void 0) {
		if (typeof value !== "object" && typeof value !== "function") throw new TypeError("Object expected.");
		var dispose, inner;
		if (async) {
			if (!Symbol.asyncDispose) throw new TypeError("Symbol.asyncDispose is not defined.");
			dispose = value[Symbol.asyncDispose];
		}
		if (dispose === void 0) {
			if (!Symbol.dispose) throw new TypeError("Symbol.dispose is not defined.");
			dispose = value[Symbol.dispose];
			if (async) inner = dispose;
		}
		if (typeof dispose !== "function") throw new TypeError("Object not disposable.");
		if (inner) dispose = function() {
			try {
				inner.call(this);
			} catch (e) {
				return Promise.reject(e);
			}
		};
		env.stack.push({
			value,
			dispose,
			async
		});
	} else if (async) env.stack.push({ async: true });
	return value;
}
function _ts_dispose_resources(env) {
	function fail(e) {
		env.error = env.hasError ? new _SuppressedError(e, env.error, "An error was suppressed during disposal.") : e;
		env.hasError = true;
	}
	var r, s = 0;
	function next() {
		while (r = env.stack.pop()) try {
			if (!r.async && s === 1) return s = 0, env.stack.push(r), Promise.resolve().then(next);
			if (r.dispose) {
				var result = r.dispose.call(r.value);
				if (r.async) return s |= 2, Promise.resolve(result).then(next, function(e) {
					fail(e);
					return next();
				});
			} else s |= 1;
		} catch (e) {
			fail(e);
		}
		if (s === 1) return env.hasError ? Promise.reject(env.error) : Promise.resolve();
		if (env.hasError) throw env.error;
	}
	return next();
}
const events = [];
function resource(name) {
	events.push(`open ${name}`);
	return { [Symbol.dispose]: () => events.push(`close ${name}`) };
}
function asyncResource(name) {
	events.push(`open ${name}`);
	return { [Symbol.asyncDispose]: async () => void events.push(`close ${name}`) };
}
function work() {
	const env = {
		stack: [],
		error: void 0,
		hasError: false
	};
	try {
		_ts_add_disposable_resource(env, resource("a"), false);
		_ts_add_disposable_resource(env, resource("b"), false);
		return 2;
	} catch (e) {
		env.error = e;
		env.hasError = true;
	} finally {
		_ts_dispose_resources(env);
	}
}
async function asyncWork() {
	const env = {
		stack: [],
		error: void 0,
		hasError: false
	};
	try {
		_ts_add_disposable_resource(env, asyncResource("c"), true);
		_ts_add_disposable_resource(env, resource("d"), false);
		return 2;
	} catch (e) {
		env.error = e;
		env.hasError = true;
	} finally {
		const result = _ts_dispose_resources(env);
		if (result) await result;
	}
}
function failing() {
	const env = {
		stack: [],
		error: void 0,
		hasError: false
	};
	try {
		const e = _ts_add_disposable_resource(env, resource("e"), false);
		throw new Error(`failed with ${Object.keys(e).length}`);
	} catch (e) {
		env.error = e;
		env.hasError = true;
	} finally {
		_ts_dispose_resources(env);
	}
}
let caught = "";
try {
	failing();
} catch (error) {
	caught = error.message;
}
const result = [
	work(),
	await asyncWork(),
	caught,
	...events
];
export { result };


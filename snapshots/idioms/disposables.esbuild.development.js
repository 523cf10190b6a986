var __knownSymbol = (name, symbol) => (symbol = Symbol[name]) ? symbol : /* @__PURE__ */ Symbol.for("Symbol." + name);
var __typeError = (msg) => {
  throw TypeError(msg);
};
var __using = (stack, value, async) => {
  if (value != null) {
    if (typeof value !== "object" && typeof value !== "function") __typeError("Object expected");
    var dispose, inner;
    if (async) dispose = value[__knownSymbol("asyncDispose")];
    if (dispose === void 0) {
      dispose = value[__knownSymbol("dispose")];
      if (async) inner = dispose;
    }
    if (typeof dispose !== "function") __typeError("Object not disposable");
    if (inner) dispose = function() {
      try {
        inner.call(this);
      } catch (e) {
        return Promise.reject(e);
      }
    };
    stack.push([async, dispose, value]);
  } else if (async) {
    stack.push([async]);
  }
  return value;
};
var __callDispose = (stack, error, hasError) => {
  var E = typeof SuppressedError === "function" ? SuppressedError : function(e, s, m, _) {
    return _ = Error(m), _.name = "SuppressedError", _.error = e, _.suppressed = s, _;
  };
  var fail = (e) => error = hasError ? new E(e, error, "An error was suppressed during disposal") : (hasError = true, e);
  var next = (it) => {
    while (it = stack.pop()) {
      try {
        var result2 = it[1] && it[1].call(it[2]);
        if (it[0]) return Promise.resolve(result2).then(next, (e) => (fail(e), next()));
      } catch (e) {
        fail(e);
      }
    }
    if (hasError) throw error;
  };
  return next();
};

// packages/lib/disposables/index.ts
var events = [];
function resource(name) {
  events.push(`open ${name}`);
  return { [Symbol.dispose]: () => events.push(`close ${name}`) };
}
function asyncResource(name) {
  events.push(`open ${name}`);
  return { [Symbol.asyncDispose]: async () => void events.push(`close ${name}`) };
}
function work() {
  var _stack = [];
  try {
    const a = __using(_stack, resource("a"));
    const b = __using(_stack, resource("b"));
    return [a, b].length;
  } catch (_) {
    var _error = _, _hasError = true;
  } finally {
    __callDispose(_stack, _error, _hasError);
  }
}
async function asyncWork() {
  var _stack = [];
  try {
    const c = __using(_stack, asyncResource("c"), true);
    const d = __using(_stack, resource("d"));
    return [c, d].length;
  } catch (_) {
    var _error = _, _hasError = true;
  } finally {
    var _promise = __callDispose(_stack, _error, _hasError);
    _promise && await _promise;
  }
}
function failing() {
  var _stack = [];
  try {
    const e = __using(_stack, resource("e"));
    throw new Error(`failed with ${Object.keys(e).length}`);
  } catch (_) {
    var _error = _, _hasError = true;
  } finally {
    __callDispose(_stack, _error, _hasError);
  }
}
var caught = "";
try {
  failing();
} catch (error) {
  caught = error.message;
}
var result = [work(), await asyncWork(), caught, ...events];
export {
  result
};


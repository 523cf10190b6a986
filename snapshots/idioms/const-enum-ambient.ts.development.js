// packages/lib/const-enum-ambient/ambient.d.ts?kit-declarations
var Level = /*#__PURE__*/ function(Level) {
	Level[Level["Low"] = 1] = "Low";
	Level[Level["High"] = 9] = "High";
	return Level;
}({});
var Mode = /*#__PURE__*/ function(Mode) {
	Mode["Light"] = "light";
	Mode["Dark"] = "dark";
	return Mode;
}({});
const result = [
	Level.High,
	Level.Low,
	Mode.Dark,
	{ name: "n" }.name
];
export { result };


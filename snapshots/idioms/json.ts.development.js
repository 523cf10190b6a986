// packages/lib/json/index.ts
const result = [
	"idioms",
	"1.2.3",
	2
];
export { result };


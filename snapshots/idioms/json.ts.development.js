const name = "idioms";
const version = "1.2.3";
const tags = [
	"a",
	"b"
];
var data = {
	name: name,
	tags: tags
};

const result = [
    data.name,
    version,
    data.tags.length
];

export { result };

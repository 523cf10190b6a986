const defaults = {
    size: 3
};

// `Options` and `Size` are types only, imported and re-exported without `type`.

const chosen = 'large';
const options = {
    size: defaults.size + 1
};
const result = [
    options.size,
    chosen
];

export { result };

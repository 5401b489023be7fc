// Runs the Khronos glTF validator (npm package gltf-validator, installed by tools/install-deps.sh) on
// each file given and prints, per file, "FILE errors N warnings N" and every issue; exits 1 when any
// file has an error or a warning, 2 when the validator is not installed.
// Usage: node validate.js NODE_MODULES_FOLDER FILE...
const fs = require('fs');
const path = require('path');
let validator;
try {
    validator = require(path.join(process.argv[2], 'gltf-validator'));
} catch (e) {
    console.error('gltf-validator is not installed in ' + process.argv[2] + ': ' + e.message);
    process.exit(2);
}
(async () => {
    let bad = 0;
    for (const file of process.argv.slice(3)) {
        const report = await validator.validateBytes(new Uint8Array(fs.readFileSync(file)), {
            uri: path.basename(file),
            maxIssues: 50,
        });
        const issues = report.issues;
        console.log(file + ' errors ' + issues.numErrors + ' warnings ' + issues.numWarnings + ' infos ' +
                    issues.numInfos);
        for (const m of issues.messages)
            if (m.severity <= 1) console.log('  ' + (m.severity === 0 ? 'error' : 'warning') + ' ' + m.code + ' ' +
                                             m.message + ' ' + (m.pointer || ''));
        if (issues.numErrors + issues.numWarnings > 0) bad += 1;
    }
    process.exit(bad ? 1 : 0);
})();

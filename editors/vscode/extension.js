// claimtrack's language server in VS Code: a minimal extension of our own, plain
// JavaScript with no build step. It starts `claimtrack lsp` over stdio for the records
// the server answers for; yaml-language-server (Red Hat's YAML extension) keeps
// answering beside it from the schema named in each record's first line.
'use strict';

const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

// The server answers only for claims/ and sources/ and for tracker.yaml. An archived
// text is sent too, so that a claim quoting it is checked again as the text is edited,
// before it is saved.
const DOCUMENTS = [
  { scheme: 'file', language: 'yaml', pattern: '**/claims/*.yaml' },
  { scheme: 'file', language: 'yaml', pattern: '**/sources/*.yaml' },
  { scheme: 'file', language: 'yaml', pattern: '**/tracker.yaml' },
  { scheme: 'file', pattern: '**/sources/*.txt' },
];

let client;

function activate() {
  const command = vscode.workspace.getConfiguration('claimtrack').get('path', 'claimtrack');
  const server = { command, args: ['lsp'], transport: TransportKind.stdio };
  client = new LanguageClient(
    'claimtrack',
    'claimtrack',
    { run: server, debug: server },
    { documentSelector: DOCUMENTS },
  );
  return client.start();
}

function deactivate() {
  return client === undefined ? undefined : client.stop();
}

module.exports = { activate, deactivate, DOCUMENTS };

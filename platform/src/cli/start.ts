console.log('ok', process.version)

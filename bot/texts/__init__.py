"""What the bot says, in seven languages: the catalogues (`i18n`), names written as typed (`markdown`) and the slash commands' translations (`translator`)."""

import { Module } from '@nestjs/common';
import { AiEditPreferences } from './ai-edit-preferences.repository.js';
import { AiEditPreferenceController, AskSuggestionController } from './suggestions.controller.js';
import { SuggestionsService } from './suggestions.service.js';

@Module({ controllers: [AskSuggestionController, AiEditPreferenceController], providers: [SuggestionsService, AiEditPreferences] })
export class SuggestionsModule {}
